"""Web panel and sign-in pages (the API's routes live in the apps' own urls)."""

from django.urls import include, path

from accounts import views
from accounts.panel import dashboard, documents, keys, webhooks

urlpatterns = [
    path("", dashboard.home, name="home"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", views.login_view, name="login"),
    path("accounts/logout/", views.logout_view, name="logout"),
    path("accounts/password-reset/", views.password_reset, name="password_reset"),
    path("accounts/password-reset/sent/", views.password_reset_done, name="password_reset_done"),
    path("accounts/reset/<uidb64>/<token>/", views.password_reset_confirm, name="password_reset_confirm"),
    path("accounts/reset/done/", views.password_reset_complete, name="password_reset_complete"),
    path("panel/", dashboard.dashboard, name="panel-dashboard"),
    path("panel/keys/", keys.keys, name="panel-keys"),
    path("panel/keys/<uuid:key_id>/revoke/", keys.key_revoke, name="panel-key-revoke"),
    path("panel/webhooks/", webhooks.webhooks, name="panel-webhooks"),
    path("panel/webhooks/<str:webhook_id>/", webhooks.webhook_detail, name="panel-webhook"),
    path("panel/webhooks/<str:webhook_id>/toggle/", webhooks.webhook_toggle, name="panel-webhook-toggle"),
    path("panel/webhooks/<str:webhook_id>/test/", webhooks.webhook_test, name="panel-webhook-test"),
    path("panel/webhooks/<str:webhook_id>/delete/", webhooks.webhook_delete, name="panel-webhook-delete"),
    path(
        "panel/webhooks/<str:webhook_id>/deliveries/<str:delivery_id>/redeliver/",
        webhooks.delivery_redeliver,
        name="panel-delivery-redeliver",
    ),
    path("panel/statements/", documents.statements, name="panel-statements"),
    path("panel/statements/<str:dds_id>/", documents.statement_detail, name="panel-statement"),
    path("panel/reports/", documents.reports, name="panel-reports"),
    path("panel/reports/<uuid:report_id>/", documents.report_detail, name="panel-report"),
]
