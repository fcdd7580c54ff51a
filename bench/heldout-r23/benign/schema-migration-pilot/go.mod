module example.dev/pilot

go 1.22

require github.com/jackc/pgx/v5 v5.6.0
