FROM python:3.11-slim
WORKDIR /srv
# The same lock as the README's commands and CI (docs/dependencies.md).
RUN pip install --no-cache-dir uv==0.13.9
ENV UV_PROJECT_ENVIRONMENT=/opt/venv UV_PYTHON_DOWNLOADS=never UV_COMPILE_BYTECODE=1
COPY pyproject.toml uv.lock .python-version README.md alembic.ini ./
COPY app ./app
COPY migrations ./migrations
COPY static ./static
COPY templates ./templates
RUN uv sync --locked --no-dev --no-editable --no-cache
ENV PATH=/opt/venv/bin:$PATH HOST=0.0.0.0 PORT=8000
EXPOSE 8000
CMD ["python", "-m", "app"]
