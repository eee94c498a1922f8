"""passkey names: the name an account gives each passkey when adding it ("Ann's phone"), shown in
its list (issue 25, point 30). Passkeys added before have none and are listed by number.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('passkeys') as batch:
        batch.add_column(sa.Column('name', sa.String(length=60), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('passkeys') as batch:
        batch.drop_column('name')
