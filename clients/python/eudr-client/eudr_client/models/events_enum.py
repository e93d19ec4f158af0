from enum import StrEnum


class EventsEnum(StrEnum):
    CSRD_REPORT_READY = "csrd.report_ready"
    DDS_AT_RISK = "dds.at_risk"
    DDS_CREATED = "dds.created"
    DDS_EU_STATUS_CHANGED = "dds.eu_status_changed"
    DDS_STATUS_CHANGED = "dds.status_changed"
    RISK_CRITICAL = "risk.critical"
    RISK_JOB_COMPLETED = "risk.job_completed"
    WEBHOOK_TEST = "webhook.test"

    def __str__(self) -> str:
        return str(self.value)
