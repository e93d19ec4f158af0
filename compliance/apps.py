from django.apps import AppConfig


class ComplianceConfig(AppConfig):
    name = "compliance"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from accounts.services import representative_confirmation_changed  # noqa: PLC0415
        from compliance.receivers import representative_confirmation_receive  # noqa: PLC0415

        representative_confirmation_changed.connect(
            representative_confirmation_receive, dispatch_uid="compliance.representative_confirmation"
        )
