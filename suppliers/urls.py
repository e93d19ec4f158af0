from django.urls import path

from eudr_service.lib.routers import ApiRouter
from suppliers import filing_views, pages, views

router = ApiRouter()
router.register("api/eudr/v1/suppliers", views.SupplierViewSet, basename="suppliers")
router.register("api/eudr/v1/supplier-filings", filing_views.BulkFilingViewSet, basename="supplier-filings")

urlpatterns = [
    path("mandates/<str:token>", pages.mandate_page, name="supplier-mandate"),
    *router.urls,
]
