"""Django error handlers: problem+json on API paths, HTML pages elsewhere."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from eudr_service.lib.paths import is_api_path
from eudr_service.lib.problems import problem_response


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api_path(request.path_info):
        return problem_response(404, "not_found", f"No endpoint at {request.path}.")
    return render(request, "404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api_path(request.path_info):
        return problem_response(500, "internal_error", "An unexpected error occurred.")
    return render(request, "500.html", status=500)
