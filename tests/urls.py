"""The real URLconf plus probe views that exercise shared API machinery
(plan gating, validation errors, body parsing) before real endpoints use it."""

from django.urls import path
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import TEST_OBJECTS
from eudr_service.urls import urlpatterns as real_urlpatterns


class _ItemSerializer(serializers.Serializer):
    lat = serializers.FloatField(min_value=-90, max_value=90)


class _ProbeSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=10)
    items = _ItemSerializer(many=True)


class RiskFeatureProbe(APIView):
    required_feature = "risk"
    test_key_policy = TEST_OBJECTS

    def get(self, request):
        return Response({"ok": True})

    def post(self, request):
        serializer = _ProbeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(serializer.validated_data)


class QuotaProbe(APIView):
    """A keyed endpoint every plan may call: plan quotas without verify's
    anonymous allowance (a key on verify never gets less than no key)."""

    test_key_policy = TEST_OBJECTS

    def get(self, request):
        return Response({"ok": True})


class CrashProbe(APIView):
    test_key_policy = TEST_OBJECTS

    def get(self, request):
        raise RuntimeError("boom")


class SlowProbe(APIView):
    """Holds its worker far past any deadline (the request deadline interrupts it)."""

    authentication_classes: list = []
    permission_classes: list = []
    throttle_classes: list = []

    def get(self, request):
        import time

        time.sleep(600)
        return Response({"ok": True})


class SlowAfterSavingProbe(APIView):
    """Saves a row (committed), then holds its worker past any deadline."""

    authentication_classes: list = []
    permission_classes: list = []
    throttle_classes: list = []

    def post(self, request):
        import time

        from django.contrib.auth.models import Group

        Group.objects.create(name="saved before the deadline")  # autocommit: durable at once
        time.sleep(600)
        return Response({"ok": True})


def slow_page(request):
    import time

    from django.http import HttpResponse

    time.sleep(600)
    return HttpResponse("never")


urlpatterns = [
    path("api/test/slow", SlowProbe.as_view()),
    path("api/test/slow-after-saving", SlowAfterSavingProbe.as_view()),
    path("test/slow-page", slow_page),
    path("api/test/risk-probe", RiskFeatureProbe.as_view()),
    path("api/test/quota-probe", QuotaProbe.as_view()),
    path("api/test/crash", CrashProbe.as_view()),
    *real_urlpatterns,
]
handler404 = "eudr_service.lib.handlers.not_found"
handler500 = "eudr_service.lib.handlers.server_error"
