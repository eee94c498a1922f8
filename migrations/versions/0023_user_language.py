"""users.language: the language an account chose to be spoken to in (issue 29)

Follows 0022 (takebacks). NULL: the account chose none (the cookie, then the browser's
Accept-Language decide).

Revision ID: 0023
Revises: 0022
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0023'
down_revision = '0022'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('users', sa.Column('language', sa.String(length=8), nullable=True))


def downgrade() -> None:
    # a plain ALTER TABLE (SQLite 3.35+ drops a column in place): a batch copy of users
    # would trip the foreign keys that point at it
    op.drop_column('users', 'language')
