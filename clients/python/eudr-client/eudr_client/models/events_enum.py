from typing import Literal

EventsEnum = Literal[
    "csrd.report_ready",
    "dds.at_risk",
    "dds.created",
    "dds.eu_status_changed",
    "dds.status_changed",
    "risk.critical",
    "risk.job_completed",
    "suppliers.filing_completed",
    "upstream.status_changed",
    "webhook.test",
]

EVENTS_ENUM_VALUES: set[EventsEnum] = {
    "csrd.report_ready",
    "dds.at_risk",
    "dds.created",
    "dds.eu_status_changed",
    "dds.status_changed",
    "risk.critical",
    "risk.job_completed",
    "suppliers.filing_completed",
    "upstream.status_changed",
    "webhook.test",
}


def check_events_enum(value: str) -> EventsEnum:
    if value in EVENTS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENTS_ENUM_VALUES!r}")
