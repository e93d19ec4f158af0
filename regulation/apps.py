from django.apps import AppConfig


class RegulationConfig(AppConfig):
    name = "regulation"
    verbose_name = "the law as data"
    default_auto_field = "django.db.models.BigAutoField"
