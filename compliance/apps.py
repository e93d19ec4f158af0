from django.apps import AppConfig
from django.db.models.signals import pre_delete


class ComplianceConfig(AppConfig):
    name = "compliance"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported here, not at the top: Django loads apps.py before any model is ready.
        from compliance.models import SubstantiatedConcern, TradingPartnerRecord  # noqa: PLC0415
        from eudr_service.lib.retention import refuse_deleting_retained  # noqa: PLC0415

        # Records under retention cannot be deleted by any path (eudr_service.lib.retention).
        for model in (TradingPartnerRecord, SubstantiatedConcern):
            pre_delete.connect(
                refuse_deleting_retained, sender=model, dispatch_uid=f"retention-{model.__name__}"
            )

        # Both import models (accounts.models): only once the registry is ready.
        from accounts.services import representative_confirmation_changed  # noqa: PLC0415
        from compliance.receivers import representative_confirmation_receive  # noqa: PLC0415

        representative_confirmation_changed.connect(
            representative_confirmation_receive, dispatch_uid="compliance.representative_confirmation"
        )
