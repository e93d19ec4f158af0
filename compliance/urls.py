from django.urls import path

from compliance import views

urlpatterns = [
    path("api/v1/verify/<str:dds_id>", views.VerifyView.as_view(), name="verify"),
    path("cert/<str:dds_id>", views.certificate_page, name="certificate"),
]
