"""tournaments: the tournaments, their players and their tables (issue 32)

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'tournaments',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('kind', sa.String(length=40), nullable=False),
        sa.Column('host_id', sa.String(length=32), nullable=False),
        sa.Column('options', sa.JSON(), nullable=False),
        sa.Column('clock', sa.JSON(), nullable=False),
        sa.Column('format', sa.String(length=16), nullable=False),
        sa.Column('table_size', sa.Integer(), nullable=False),
        sa.Column('rounds', sa.Integer(), nullable=False),
        sa.Column('absent', sa.String(length=8), nullable=False),
        sa.Column('private', sa.Boolean(), nullable=False),
        sa.Column('rated', sa.Boolean(), nullable=False),
        sa.Column('status', sa.String(length=12), nullable=False),
        sa.Column('starts_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('current_round', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.func.now(),
                  nullable=False),
        sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['host_id'], ['users.id'],
                                name=op.f('fk_tournaments_host_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_tournaments')),
    )
    op.create_index(op.f('ix_tournaments_status'), 'tournaments', ['status'])
    op.create_index(op.f('ix_tournaments_starts_at'), 'tournaments', ['starts_at'])
    op.create_table(
        'tournament_players',
        sa.Column('tournament_id', sa.String(length=32), nullable=False),
        sa.Column('user_id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('registered_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('withdrawn_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'],
                                name=op.f('fk_tournament_players_tournament_id_tournaments')),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'],
                                name=op.f('fk_tournament_players_user_id_users')),
        sa.PrimaryKeyConstraint('tournament_id', 'user_id', name=op.f('pk_tournament_players')),
    )
    op.create_table(
        'tournament_tables',
        sa.Column('tournament_id', sa.String(length=32), nullable=False),
        sa.Column('round', sa.Integer(), nullable=False),
        sa.Column('table', sa.Integer(), nullable=False),
        sa.Column('lobby_id', sa.String(length=32), nullable=False),
        sa.Column('game_id', sa.String(length=32), nullable=False),
        sa.Column('seats', sa.JSON(), nullable=False),
        sa.Column('status', sa.String(length=12), nullable=False),
        sa.Column('results', sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'],
                                name=op.f('fk_tournament_tables_tournament_id_tournaments')),
        sa.PrimaryKeyConstraint('tournament_id', 'round', 'table',
                                name=op.f('pk_tournament_tables')),
    )
    op.create_index(op.f('ix_tournament_tables_game_id'), 'tournament_tables', ['game_id'])
    op.create_index(op.f('ix_tournament_tables_status'), 'tournament_tables', ['status'])


def downgrade() -> None:
    op.drop_table('tournament_tables')
    op.drop_table('tournament_players')
    op.drop_index(op.f('ix_tournaments_starts_at'), 'tournaments')
    op.drop_index(op.f('ix_tournaments_status'), 'tournaments')
    op.drop_table('tournaments')
