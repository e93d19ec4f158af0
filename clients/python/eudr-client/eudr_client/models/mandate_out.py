from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.authorised_field_enum import AuthorisedFieldEnum, check_authorised_field_enum
from ..models.mandate_out_kind_enum import MandateOutKindEnum, check_mandate_out_kind_enum
from ..models.mandate_out_status_enum import MandateOutStatusEnum, check_mandate_out_status_enum

T = TypeVar("T", bound="MandateOut")


@_attrs_define
class MandateOut:
    """ModelSerializer whose model DateTimeFields come out as TimestampField.

    Attributes:
        kind (MandateOutKindEnum): * `document` - document
            * `email_confirmation` - email_confirmation
        status (MandateOutStatusEnum): * `pending_review` - pending_review
            * `requested` - requested
            * `active` - active
            * `rejected` - rejected
            * `revoked` - revoked
            * `expired` - expired
            * `needs_reconfirmation` - needs_reconfirmation
        document_name (str):
        document_type (str):
        email_state (str): E-mail confirmations: queued, sent, not_sent_test_mode (a test key sends nothing); empty for
            an uploaded authorisation
        email_sent_at (datetime.datetime | None):
        expires_at (datetime.datetime | None):
        confirmed_at (datetime.datetime | None):
        reviewed_at (datetime.datetime | None):
        revoked_at (datetime.datetime | None):
        suspended_at (datetime.datetime | None):
        suspended_reason (str):
        suspended_fields (list[AuthorisedFieldEnum]): What changed when the mandate was taken out of force
        created_at (datetime.datetime):
    """

    kind: MandateOutKindEnum
    status: MandateOutStatusEnum
    document_name: str
    document_type: str
    email_state: str
    email_sent_at: datetime.datetime | None
    expires_at: datetime.datetime | None
    confirmed_at: datetime.datetime | None
    reviewed_at: datetime.datetime | None
    revoked_at: datetime.datetime | None
    suspended_at: datetime.datetime | None
    suspended_reason: str
    suspended_fields: list[AuthorisedFieldEnum]
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        status: str = self.status

        document_name = self.document_name

        document_type = self.document_type

        email_state = self.email_state

        email_sent_at: None | str
        if isinstance(self.email_sent_at, datetime.datetime):
            email_sent_at = self.email_sent_at.isoformat()
        else:
            email_sent_at = self.email_sent_at

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        confirmed_at: None | str
        if isinstance(self.confirmed_at, datetime.datetime):
            confirmed_at = self.confirmed_at.isoformat()
        else:
            confirmed_at = self.confirmed_at

        reviewed_at: None | str
        if isinstance(self.reviewed_at, datetime.datetime):
            reviewed_at = self.reviewed_at.isoformat()
        else:
            reviewed_at = self.reviewed_at

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        suspended_at: None | str
        if isinstance(self.suspended_at, datetime.datetime):
            suspended_at = self.suspended_at.isoformat()
        else:
            suspended_at = self.suspended_at

        suspended_reason = self.suspended_reason

        suspended_fields = []
        for suspended_fields_item_data in self.suspended_fields:
            suspended_fields_item: str = suspended_fields_item_data
            suspended_fields.append(suspended_fields_item)

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "status": status,
                "document_name": document_name,
                "document_type": document_type,
                "email_state": email_state,
                "email_sent_at": email_sent_at,
                "expires_at": expires_at,
                "confirmed_at": confirmed_at,
                "reviewed_at": reviewed_at,
                "revoked_at": revoked_at,
                "suspended_at": suspended_at,
                "suspended_reason": suspended_reason,
                "suspended_fields": suspended_fields,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_mandate_out_kind_enum(d.pop("kind"))

        status = check_mandate_out_status_enum(d.pop("status"))

        document_name = d.pop("document_name")

        document_type = d.pop("document_type")

        email_state = d.pop("email_state")

        def _parse_email_sent_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                email_sent_at_type_0 = datetime.datetime.fromisoformat(data)

                return email_sent_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        email_sent_at = _parse_email_sent_at(d.pop("email_sent_at"))

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        def _parse_confirmed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                confirmed_at_type_0 = datetime.datetime.fromisoformat(data)

                return confirmed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        confirmed_at = _parse_confirmed_at(d.pop("confirmed_at"))

        def _parse_reviewed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reviewed_at_type_0 = datetime.datetime.fromisoformat(data)

                return reviewed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        reviewed_at = _parse_reviewed_at(d.pop("reviewed_at"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        def _parse_suspended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                suspended_at_type_0 = datetime.datetime.fromisoformat(data)

                return suspended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        suspended_at = _parse_suspended_at(d.pop("suspended_at"))

        suspended_reason = d.pop("suspended_reason")

        suspended_fields = []
        _suspended_fields = d.pop("suspended_fields")
        for suspended_fields_item_data in _suspended_fields:
            suspended_fields_item = check_authorised_field_enum(suspended_fields_item_data)

            suspended_fields.append(suspended_fields_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        mandate_out = cls(
            kind=kind,
            status=status,
            document_name=document_name,
            document_type=document_type,
            email_state=email_state,
            email_sent_at=email_sent_at,
            expires_at=expires_at,
            confirmed_at=confirmed_at,
            reviewed_at=reviewed_at,
            revoked_at=revoked_at,
            suspended_at=suspended_at,
            suspended_reason=suspended_reason,
            suspended_fields=suspended_fields,
            created_at=created_at,
        )

        mandate_out.additional_properties = d
        return mandate_out

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
