"""Risk job tasks keep the names they were queued under before the risk engine was an app."""

from eudr_service.celery import app


def test_risk_job_tasks_answer_to_their_original_names():
    app.loader.import_default_modules()
    from risk import tasks

    assert app.tasks["risk.job_chunk"].run == tasks.risk_job_chunk_task.run
    for name, task in {
        "compliance.risk_job_chunk": tasks.risk_job_chunk_task,
        "compliance.risk_jobs_sweep": tasks.risk_jobs_sweep_task,
        "compliance.risk_jobs_maintain": tasks.risk_jobs_maintain_task,
    }.items():
        assert app.tasks[name].run == task.run
