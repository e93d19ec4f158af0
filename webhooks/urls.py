from django.urls import path

from webhooks import views

urlpatterns = [
    path(
        "api/eudr/v1/webhooks",
        views.WebhookViewSet.as_view({"get": "list", "post": "create"}),
        name="webhook-list",
    ),
    path(
        "api/eudr/v1/webhooks/deliveries/<str:delivery_id>/redeliver",
        views.RedeliverView.as_view(),
        name="webhook-redeliver",
    ),
    path(
        "api/eudr/v1/webhooks/<str:webhook_id>",
        views.WebhookViewSet.as_view({"get": "retrieve", "patch": "partial_update", "delete": "destroy"}),
        name="webhook-detail",
    ),
    path(
        "api/eudr/v1/webhooks/<str:webhook_id>/test",
        views.WebhookViewSet.as_view({"post": "test"}),
        name="webhook-test",
    ),
    path(
        "api/eudr/v1/webhooks/<str:webhook_id>/rotate-secret",
        views.WebhookViewSet.as_view({"post": "rotate_secret"}),
        name="webhook-rotate-secret",
    ),
    path(
        "api/eudr/v1/webhooks/<str:webhook_id>/deliveries",
        views.WebhookViewSet.as_view({"get": "deliveries"}),
        name="webhook-deliveries",
    ),
]
