from django.apps import AppConfig


class SuppliersConfig(AppConfig):
    verbose_name = "Suppliers filed for under mandate"
    name = "suppliers"
    default_auto_field = "django.db.models.BigAutoField"
