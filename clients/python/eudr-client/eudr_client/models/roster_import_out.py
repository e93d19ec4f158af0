from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.file_format_enum import FileFormatEnum, check_file_format_enum

if TYPE_CHECKING:
    from ..models.suspended_mandate_row import SuspendedMandateRow


T = TypeVar("T", bound="RosterImportOut")


@_attrs_define
class RosterImportOut:
    """ModelSerializer whose model DateTimeFields come out as TimestampField.

    Attributes:
        filename (str):
        file_format (FileFormatEnum): * `csv` - csv
            * `xlsx` - xlsx
        sha256 (str):
        rows (int):
        created (int): Suppliers new in this file
        updated (int): Suppliers already known by their producer number
        mandates_suspended (list[SuspendedMandateRow]): Rows that changed a supplier's person, land or goods: its
            mandate is no longer in force (needs_reconfirmation); ask again with mandate-requests
        dry_run (bool): true: checked only, nothing was written
        livemode (bool):
        created_at (datetime.datetime):
    """

    filename: str
    file_format: FileFormatEnum
    sha256: str
    rows: int
    created: int
    updated: int
    mandates_suspended: list[SuspendedMandateRow]
    dry_run: bool
    livemode: bool
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        filename = self.filename

        file_format: str = self.file_format

        sha256 = self.sha256

        rows = self.rows

        created = self.created

        updated = self.updated

        mandates_suspended = []
        for mandates_suspended_item_data in self.mandates_suspended:
            mandates_suspended_item = mandates_suspended_item_data.to_dict()
            mandates_suspended.append(mandates_suspended_item)

        dry_run = self.dry_run

        livemode = self.livemode

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "filename": filename,
                "file_format": file_format,
                "sha256": sha256,
                "rows": rows,
                "created": created,
                "updated": updated,
                "mandates_suspended": mandates_suspended,
                "dry_run": dry_run,
                "livemode": livemode,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.suspended_mandate_row import SuspendedMandateRow  # noqa: PLC0415

        d = dict(src_dict)
        filename = d.pop("filename")

        file_format = check_file_format_enum(d.pop("file_format"))

        sha256 = d.pop("sha256")

        rows = d.pop("rows")

        created = d.pop("created")

        updated = d.pop("updated")

        mandates_suspended = []
        _mandates_suspended = d.pop("mandates_suspended")
        for mandates_suspended_item_data in _mandates_suspended:
            mandates_suspended_item = SuspendedMandateRow.from_dict(mandates_suspended_item_data)

            mandates_suspended.append(mandates_suspended_item)

        dry_run = d.pop("dry_run")

        livemode = d.pop("livemode")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        roster_import_out = cls(
            filename=filename,
            file_format=file_format,
            sha256=sha256,
            rows=rows,
            created=created,
            updated=updated,
            mandates_suspended=mandates_suspended,
            dry_run=dry_run,
            livemode=livemode,
            created_at=created_at,
        )

        roster_import_out.additional_properties = d
        return roster_import_out

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
