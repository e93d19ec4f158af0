from django.urls import path

from eudr_service.lib.routers import ApiRouter
from suppliers import pages, views

router = ApiRouter()
router.register("api/eudr/v1/suppliers", views.SupplierViewSet, basename="suppliers")

urlpatterns = [
    path("mandates/<str:token>", pages.mandate_page, name="supplier-mandate"),
    *router.urls,
]
