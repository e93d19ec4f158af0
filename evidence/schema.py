"""Shapes of evidence documents, for the OpenAPI schema (the bodies are built by
evidence.records). A front door of the app: a statement's evidence endpoint answers with the
same document, so compliance describes it with these."""

from rest_framework import serializers


class EvidenceSignatureSerializer(serializers.Serializer):
    alg = serializers.CharField(help_text="EdDSA (Ed25519)")
    kid = serializers.CharField(help_text="The key's id in the published JWK set")
    value = serializers.CharField(help_text="The signature over the record's canonical bytes, base64url")


class EvidenceDocumentSerializer(serializers.Serializer):
    record = serializers.DictField(help_text="The signed record (docs/evidence.md lists its members)")
    signature = EvidenceSignatureSerializer()
    sha256 = serializers.CharField(help_text="SHA-256 of the record's RFC 8785 canonical bytes, hex")
    form = serializers.ChoiceField(choices=["full", "public"])
    attachments = serializers.DictField(
        allow_null=True, help_text="What the record commits to by hash: each plot's input with its salt"
    )
    attachments_withheld = serializers.CharField(
        allow_null=True, help_text="Why the attachments are left out (geolocation_confidential)"
    )
    keys_url = serializers.URLField()
    signed_bytes_url = serializers.URLField()
