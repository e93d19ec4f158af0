from django.apps import AppConfig


class RiskConfig(AppConfig):
    name = "risk"
    verbose_name = "risk engine"
    default_auto_field = "django.db.models.BigAutoField"
