from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from eudr_service import views
from eudr_service.lib.problems import api_not_found

urlpatterns = [
    path("admin/", admin.site.urls),
    path("livez", views.livez, name="livez"),
    path("healthz", views.healthz, name="healthz"),
    # Documentation is public and not counted against any quota.
    path("api/schema/", SpectacularAPIView.as_view(throttle_classes=[]), name="schema"),
    path(
        "api/docs/",
        SpectacularSwaggerView.as_view(url_name="schema", throttle_classes=[]),
        name="swagger-ui",
    ),
    path(
        "api/redoc/",
        SpectacularRedocView.as_view(url_name="schema", throttle_classes=[]),
        name="redoc",
    ),
    path("", include("compliance.urls")),
    path("", include("reports.urls")),
    path("", include("webhooks.urls")),
    path("", include("widget.urls")),
    path("", include("accounts.urls")),
    # Anything else under an API prefix is a problem+json 404, never HTML.
    re_path(r"^(?:api|v1)/", api_not_found),
]

handler404 = "eudr_service.lib.handlers.not_found"
handler500 = "eudr_service.lib.handlers.server_error"
