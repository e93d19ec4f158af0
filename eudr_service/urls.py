from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from accounts.views import admin_login
from eudr_service import views
from eudr_service.lib.problems import api_not_found
from risk.urls import moved_admin_urlpatterns

urlpatterns = [
    # The admin's own sign-in, limited like the panel's (matched before admin.site.urls).
    path("admin/login/", admin_login, name="admin-login-limited"),
    # The risk engine's tables, from before it was an app of its own: redirected to /admin/risk/.
    path("admin/", include(moved_admin_urlpatterns)),
    path("admin/", admin.site.urls),
    path("livez", views.livez, name="livez"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("problems/", views.problem_index, name="problem-index"),
    path("problems/<slug:code>", views.problem_page, name="problem-type"),
    # Documentation is public and not counted against any quota.
    path("api/schema/", SpectacularAPIView.as_view(throttle_classes=[]), name="schema"),
    path(
        "api/docs/",
        # The split view serves its start-up script as a file: no inline script under our CSP.
        SpectacularSwaggerSplitView.as_view(url_name="schema", throttle_classes=[]),
        name="swagger-ui",
    ),
    path(
        "api/redoc/",
        SpectacularRedocView.as_view(url_name="schema", throttle_classes=[]),
        name="redoc",
    ),
    path(views.REDOC_BUNDLE.lstrip("/"), views.redoc_bundle, name="redoc-bundle"),
    path("methodology", views.methodology_page, name="methodology"),
    path("methodology/<slug:name>", views.methodology_page, name="methodology-part"),
    path("", include("evidence.urls")),
    path("", include("risk.urls")),
    path("", include("compliance.urls")),
    path("", include("eu_filing.urls")),
    path("", include("suppliers.urls")),
    path("", include("annual.urls")),
    path("", include("reports.urls")),
    path("", include("webhooks.urls")),
    path("", include("widget.urls")),
    path("", include("accounts.urls")),
    path("", include("panel.urls")),
    # Anything else under an API prefix is a problem+json 404, never HTML.
    re_path(r"^(?:api|v1)/", api_not_found),
]

handler404 = "eudr_service.lib.handlers.not_found"
handler500 = "eudr_service.lib.handlers.server_error"
