from django.urls import path

from eudr_service.lib.routers import ApiRouter
from evidence import views

router = ApiRouter()
router.register("api/eudr/v1/evidence", views.EvidenceViewSet, basename="evidence")
router.register("api/v1/evidence", views.PublicEvidenceViewSet, basename="evidence-public")

_keys = views.EvidenceKeysViewSet

urlpatterns = [
    path(".well-known/jwks.json", _keys.as_view({"get": "list"}), name="evidence-keys"),
    path(
        ".well-known/evidence-keys/<str:kid>.pem", _keys.as_view({"get": "retrieve"}), name="evidence-key-pem"
    ),
    *router.urls,
]
