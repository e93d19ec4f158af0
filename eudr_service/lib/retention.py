"""Records the law makes us keep cannot be deleted while their retention period runs, by any
path: the API, the panel, the admin, a queryset, or deleting the account that owns them.

A retained model has `retention_running(today) -> bool`. Two guards, both needed:
- `protect_while_retained` as the owner foreign key's `on_delete`: deleting the owner (an
  admin "delete user", a script) is refused with ProtectedError while any of its records is
  retained, and cascades to the rest. The admin lists the retained records as protected.
- `refuse_deleting_retained`, connected to `pre_delete`: deleting a retained record itself is
  refused, also through `QuerySet.delete()` (which skips `Model.delete`).
The day is the service's local date, never a caller's: no path can ask to delete "as of" a
later day.
"""

from __future__ import annotations

from typing import Any

from django.db.models import CASCADE, Model, ProtectedError
from django.utils import timezone


def _retained(objects: Any) -> list[Model]:
    today = timezone.localdate()
    return [obj for obj in objects if obj.retention_running(today)]


def protect_while_retained(collector, field, sub_objs, using) -> None:
    retained = _retained(sub_objs)
    if retained:
        model = field.model._meta.verbose_name_plural
        raise ProtectedError(
            f"Cannot delete: {len(retained)} {model} must be kept until their retention period ends.",
            set(retained),
        )
    CASCADE(collector, field, sub_objs, using)


def refuse_deleting_retained(sender: type[Model], instance: Model, **kwargs: Any) -> None:
    if _retained([instance]):
        raise ProtectedError(
            f"Cannot delete {instance}: it must be kept until its retention period ends.", {instance}
        )
