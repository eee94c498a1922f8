"""client move ids are unique per seat, not per game

A retry is recognised by (game, seat, client_move_id) after the caller's seat is resolved, so
two seats may each use the same id (issue 11: a retry was not tied to its caller).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('moves') as batch:
        batch.drop_constraint('uq_moves_game_id', type_='unique')
        batch.create_unique_constraint(
            'uq_moves_game_id_seat_client_move_id', ['game_id', 'seat', 'client_move_id'])


def downgrade() -> None:
    with op.batch_alter_table('moves') as batch:
        batch.drop_constraint('uq_moves_game_id_seat_client_move_id', type_='unique')
        batch.create_unique_constraint('uq_moves_game_id', ['game_id', 'client_move_id'])
