from django.apps import AppConfig


class AnnualConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "annual"
    verbose_name = "Annual due diligence reports"
