"""Webhook API (feature `webhooks`). Thin: validate, call a service, answer.

Every lookup is scoped to the caller's account and to the mode of the caller's
key, so another account's webhook or delivery, and one of the other mode (a live
webhook asked for with a test key, or the reverse), is a plain 404.
"""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.authentication import request_livemode
from accounts.permissions import TEST_OBJECTS
from eudr_service.lib.openapi import PROBLEM_RESPONSES, ProblemSerializer
from eudr_service.lib.pagination import VersionedPagination
from eudr_service.lib.problems import Problem
from webhooks import services
from webhooks.models import Delivery, Endpoint
from webhooks.serializers import (
    DeliverySerializer,
    WebhookInSerializer,
    WebhookPatchSerializer,
    WebhookSerializer,
    WebhookWithSecretSerializer,
)

_ERRORS = {code: PROBLEM_RESPONSES[code] for code in (401, 403, 404, 429)}
_CONFLICT = OpenApiResponse(response=ProblemSerializer, description="`webhook_disabled`: enable it first.")
_ID = OpenApiParameter("webhook_id", OpenApiTypes.STR, OpenApiParameter.PATH, description="wh_...")


@extend_schema_view(
    list=extend_schema(
        operation_id="webhooks_list",
        summary="List webhooks",
        responses={200: WebhookSerializer(many=True), **_ERRORS},
    ),
    create=extend_schema(
        operation_id="webhooks_create",
        summary="Register a webhook",
        description="https URLs resolving to public addresses only. The secret is shown only in this answer.",
        request=WebhookInSerializer,
        responses={
            201: WebhookWithSecretSerializer,
            400: PROBLEM_RESPONSES[400],
            409: OpenApiResponse(ProblemSerializer, description="`too_many_webhooks`: delete one first."),
            **_ERRORS,
        },
    ),
    retrieve=extend_schema(
        operation_id="webhooks_retrieve",
        summary="Get a webhook",
        parameters=[_ID],
        responses={200: WebhookSerializer, **_ERRORS},
    ),
    partial_update=extend_schema(
        operation_id="webhooks_update",
        summary="Change url, events or enabled",
        parameters=[_ID],
        request=WebhookPatchSerializer,
        responses={200: WebhookSerializer, 400: PROBLEM_RESPONSES[400], **_ERRORS},
    ),
    destroy=extend_schema(
        operation_id="webhooks_delete",
        summary="Delete a webhook",
        parameters=[_ID],
        responses={204: OpenApiResponse(description="Deleted"), **_ERRORS},
    ),
)
class WebhookViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.DestroyModelMixin, viewsets.GenericViewSet
):
    required_feature = "webhooks"
    test_key_policy = TEST_OBJECTS
    serializer_class = WebhookSerializer
    pagination_class = VersionedPagination
    lookup_field = "public_id"
    lookup_url_kwarg = "webhook_id"

    def get_queryset(self) -> QuerySet[Endpoint]:
        return Endpoint.objects.filter(owner=self.request.user, livemode=request_livemode(self.request))

    def create(self, request: Request) -> Response:
        incoming = WebhookInSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        endpoint = services.endpoint_create(
            owner=request.user, livemode=request_livemode(request), **incoming.validated_data
        )
        return Response(WebhookWithSecretSerializer(endpoint).data, status=status.HTTP_201_CREATED)

    def partial_update(self, request: Request, webhook_id: str) -> Response:
        endpoint = self.get_object()
        incoming = WebhookPatchSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        endpoint = services.endpoint_update(endpoint=endpoint, **incoming.validated_data)
        return Response(WebhookSerializer(endpoint).data)

    @extend_schema(
        operation_id="webhooks_test",
        summary="Send a webhook.test event",
        description="Queues a signed `webhook.test` event to this webhook; 202 with the delivery.",
        parameters=[_ID],
        request=None,
        responses={202: DeliverySerializer, 409: _CONFLICT, **_ERRORS},
    )
    @action(detail=True, methods=["post"])
    def test(self, request: Request, webhook_id: str) -> Response:
        delivery = services.endpoint_send_test(endpoint=self.get_object())
        return _accepted(delivery)

    @extend_schema(
        operation_id="webhooks_rotate_secret",
        summary="Rotate the signing secret",
        description=(
            "Issues a new secret, shown only in this answer. For the overlap window (24 h) "
            "requests carry signatures by both the new and the previous secret."
        ),
        parameters=[_ID],
        request=None,
        responses={200: WebhookWithSecretSerializer, **_ERRORS},
    )
    @action(detail=True, methods=["post"], url_path="rotate-secret")
    def rotate_secret(self, request: Request, webhook_id: str) -> Response:
        endpoint = services.endpoint_rotate_secret(endpoint=self.get_object())
        return Response(WebhookWithSecretSerializer(endpoint).data)

    @extend_schema(
        operation_id="webhooks_deliveries",
        summary="Delivery log of a webhook",
        description="Newest first; each delivery lists its attempts with status codes, errors and timings.",
        parameters=[
            _ID,
            OpenApiParameter("status", OpenApiTypes.STR, enum=list(Delivery.Status.values)),
        ],
        responses={200: DeliverySerializer(many=True), 400: PROBLEM_RESPONSES[400], **_ERRORS},
    )
    @action(detail=True, methods=["get"])
    def deliveries(self, request: Request, webhook_id: str) -> Response:
        endpoint = self.get_object()
        deliveries = (
            Delivery.objects.filter(endpoint=endpoint)
            .select_related("event", "endpoint")
            .prefetch_related("attempts")
        )
        wanted = request.query_params.get("status")
        if wanted is not None:
            if wanted not in Delivery.Status.values:
                raise Problem(
                    400, "invalid_request", f"status must be one of {', '.join(Delivery.Status.values)}."
                )
            deliveries = deliveries.filter(status=wanted)
        page = self.paginate_queryset(deliveries)
        return self.get_paginated_response(DeliverySerializer(page, many=True).data)


class DeliveryViewSet(viewsets.ViewSet):
    # A delivery, found by its id across the account's webhooks of the key's mode.

    required_feature = "webhooks"
    test_key_policy = TEST_OBJECTS
    lookup_url_kwarg = "delivery_id"

    @extend_schema(
        operation_id="webhooks_redeliver",
        summary="Send a delivery's event again",
        description="A new delivery of the same event (same webhook-id, so receivers can deduplicate).",
        parameters=[OpenApiParameter("delivery_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
        request=None,
        responses={202: DeliverySerializer, 409: _CONFLICT, **_ERRORS},
    )
    @action(detail=True, methods=["post"])
    def redeliver(self, request: Request, delivery_id: str) -> Response:
        delivery = (
            Delivery.objects.select_related("event", "endpoint")
            .filter(
                public_id=delivery_id,
                endpoint__owner=request.user,
                endpoint__livemode=request_livemode(request),
            )
            .first()
        )
        if delivery is None:
            raise Problem(404, "not_found", "No delivery with this id.")
        return _accepted(services.delivery_redeliver(delivery=delivery))


def _accepted(delivery: Delivery) -> Response:
    # In the embedded mode the send already ran on commit; show where it stands.
    delivery = Delivery.objects.select_related("event", "endpoint").get(pk=delivery.pk)
    return Response(DeliverySerializer(delivery).data, status=status.HTTP_202_ACCEPTED)
