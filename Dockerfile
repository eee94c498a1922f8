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
# The server runs as an unprivileged user that owns nothing but its data folder (the SQLite
# database when DATABASE_URL is not set to PostgreSQL): the code is read-only to it.
RUN useradd --system --uid 10001 --no-create-home --home-dir /srv/data bazaar \
    && mkdir -p /srv/data && chown bazaar:bazaar /srv/data
ENV PATH=/opt/venv/bin:$PATH HOST=0.0.0.0 PORT=8000 \
    DATABASE_URL=sqlite+aiosqlite:////srv/data/bazaar.db
USER bazaar
EXPOSE 8000
# The process answers (app/healthcheck.py: the standard library, no curl in the image).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-m", "app.healthcheck"]
CMD ["python", "-m", "app"]
