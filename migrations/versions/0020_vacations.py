"""vacations: days an account takes off its turn-based clocks, and weekends off (issue 27,
point 1)

Follows 0019 (turn dues).

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0020'
down_revision = '0019'
branch_labels = None
depends_on = None


def _user_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(['user_id'], ['users.id'],
                                   name=op.f(f'fk_{table}_user_id_users'))


def upgrade() -> None:
    op.create_table(
        'vacations',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('user_id', sa.String(length=32), nullable=False),
        sa.Column('start_at', sa.Float(), nullable=False),
        sa.Column('end_at', sa.Float(), nullable=False),
        _user_fk('vacations'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_vacations')),
    )
    op.create_index(op.f('ix_vacations_user_id'), 'vacations', ['user_id'])
    op.create_table(
        'turn_prefs',
        sa.Column('user_id', sa.String(length=32), nullable=False),
        sa.Column('weekends_off', sa.Boolean(), server_default=sa.false(), nullable=False),
        _user_fk('turn_prefs'),
        sa.PrimaryKeyConstraint('user_id', name=op.f('pk_turn_prefs')),
    )


def downgrade() -> None:
    op.drop_table('turn_prefs')
    op.drop_index('ix_vacations_user_id', table_name='vacations')
    op.drop_table('vacations')
