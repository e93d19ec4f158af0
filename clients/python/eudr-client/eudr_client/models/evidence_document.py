from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.form_enum import FormEnum, check_form_enum

if TYPE_CHECKING:
    from ..models.evidence_document_attachments_type_0 import EvidenceDocumentAttachmentsType0
    from ..models.evidence_document_record import EvidenceDocumentRecord
    from ..models.evidence_signature import EvidenceSignature


T = TypeVar("T", bound="EvidenceDocument")


@_attrs_define
class EvidenceDocument:
    """
    Attributes:
        record (EvidenceDocumentRecord): The signed record (docs/evidence.md lists its members)
        signature (EvidenceSignature):
        sha256 (str): SHA-256 of the record's RFC 8785 canonical bytes, hex
        form (FormEnum): * `full` - full
            * `public` - public
        attachments (EvidenceDocumentAttachmentsType0 | None): What the record commits to by hash: each plot's input
            with its salt
        attachments_withheld (None | str): Why the attachments are left out (geolocation_confidential)
        keys_url (str):
        signed_bytes_url (str):
    """

    record: EvidenceDocumentRecord
    signature: EvidenceSignature
    sha256: str
    form: FormEnum
    attachments: EvidenceDocumentAttachmentsType0 | None
    attachments_withheld: None | str
    keys_url: str
    signed_bytes_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.evidence_document_attachments_type_0 import EvidenceDocumentAttachmentsType0  # noqa: PLC0415

        record = self.record.to_dict()

        signature = self.signature.to_dict()

        sha256 = self.sha256

        form: str = self.form

        attachments: dict[str, Any] | None
        if isinstance(self.attachments, EvidenceDocumentAttachmentsType0):
            attachments = self.attachments.to_dict()
        else:
            attachments = self.attachments

        attachments_withheld: None | str
        attachments_withheld = self.attachments_withheld

        keys_url = self.keys_url

        signed_bytes_url = self.signed_bytes_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "record": record,
                "signature": signature,
                "sha256": sha256,
                "form": form,
                "attachments": attachments,
                "attachments_withheld": attachments_withheld,
                "keys_url": keys_url,
                "signed_bytes_url": signed_bytes_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.evidence_document_attachments_type_0 import EvidenceDocumentAttachmentsType0  # noqa: PLC0415
        from ..models.evidence_document_record import EvidenceDocumentRecord  # noqa: PLC0415
        from ..models.evidence_signature import EvidenceSignature  # noqa: PLC0415

        d = dict(src_dict)
        record = EvidenceDocumentRecord.from_dict(d.pop("record"))

        signature = EvidenceSignature.from_dict(d.pop("signature"))

        sha256 = d.pop("sha256")

        form = check_form_enum(d.pop("form"))

        def _parse_attachments(data: object) -> EvidenceDocumentAttachmentsType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attachments_type_0 = EvidenceDocumentAttachmentsType0.from_dict(data)

                return attachments_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EvidenceDocumentAttachmentsType0 | None, data)

        attachments = _parse_attachments(d.pop("attachments"))

        def _parse_attachments_withheld(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        attachments_withheld = _parse_attachments_withheld(d.pop("attachments_withheld"))

        keys_url = d.pop("keys_url")

        signed_bytes_url = d.pop("signed_bytes_url")

        evidence_document = cls(
            record=record,
            signature=signature,
            sha256=sha256,
            form=form,
            attachments=attachments,
            attachments_withheld=attachments_withheld,
            keys_url=keys_url,
            signed_bytes_url=signed_bytes_url,
        )

        evidence_document.additional_properties = d
        return evidence_document

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
