from django.apps import AppConfig
from django.db.models.signals import pre_delete


class ComplianceConfig(AppConfig):
    name = "compliance"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from compliance.models import SubstantiatedConcern, TradingPartnerRecord  # noqa: PLC0415 - app registry ready
        from eudr_service.lib.retention import refuse_deleting_retained  # noqa: PLC0415

        # Records under retention cannot be deleted by any path (eudr_service.lib.retention).
        for model in (TradingPartnerRecord, SubstantiatedConcern):
            pre_delete.connect(
                refuse_deleting_retained, sender=model, dispatch_uid=f"retention-{model.__name__}"
            )

        from accounts.services import representative_confirmation_changed  # noqa: PLC0415
        from compliance.receivers import representative_confirmation_receive  # noqa: PLC0415

        representative_confirmation_changed.connect(
            representative_confirmation_receive, dispatch_uid="compliance.representative_confirmation"
        )
