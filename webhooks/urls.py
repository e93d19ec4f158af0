from eudr_service.lib.routers import ApiRouter
from webhooks import views

router = ApiRouter()
# Deliveries first: `webhooks/deliveries/...` is not a webhook id.
router.register("api/eudr/v1/webhooks/deliveries", views.DeliveryViewSet, basename="webhook-delivery")
router.register("api/eudr/v1/webhooks", views.WebhookViewSet, basename="webhook")

urlpatterns = router.urls
