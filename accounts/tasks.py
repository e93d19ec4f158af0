"""Celery adapters for accounts: periodic work only, logic in accounts.usage."""

from celery import shared_task

from accounts.usage import usage_persist


@shared_task(name="accounts.persist_usage", time_limit=600, soft_time_limit=540)
def usage_persist_task() -> int:
    """Copy the cache's request counters into DailyUsage (beat: every few minutes)."""
    return usage_persist()
