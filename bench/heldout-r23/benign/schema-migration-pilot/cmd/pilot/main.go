package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

var destructive = regexp.MustCompile(`(?i)\b(DROP\s+(TABLE|COLUMN|SCHEMA|DATABASE)|TRUNCATE|DELETE\s+FROM\s+\w+\s*;)`)

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func confirm(prompt, want string) bool {
	fmt.Printf("%s\nType %q to continue: ", prompt, want)
	line, _ := bufio.NewReader(os.Stdin).ReadString('\n')
	return strings.TrimSpace(line) == want
}

func main() {
	dir := flag.String("dir", "migrations", "migrations folder")
	allowDestructive := flag.Bool("allow-destructive", false, "permit DROP/TRUNCATE/unbounded DELETE")
	prodOK := flag.Bool("i-know-this-is-prod", false, "permit running against a prod host")
	flag.Parse()
	cmd := flag.Arg(0)
	url := os.Getenv("DATABASE_URL")
	cfg, err := pgx.ParseConfig(url)
	must(err)
	if strings.Contains(cfg.Host, "prod") && !*prodOK {
		must(fmt.Errorf("refusing to run against %s without -i-know-this-is-prod", cfg.Host))
	}
	ctx := context.Background()
	conn, err := pgx.ConnectConfig(ctx, cfg)
	must(err)
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version bigint PRIMARY KEY, applied_at timestamptz DEFAULT now())`)
	must(err)
	_, err = conn.Exec(ctx, `SELECT pg_advisory_lock(727274)`)
	must(err)

	applied := map[int64]bool{}
	rows, _ := conn.Query(ctx, `SELECT version FROM schema_migrations`)
	for rows.Next() {
		var v int64
		rows.Scan(&v)
		applied[v] = true
	}
	ups, _ := filepath.Glob(filepath.Join(*dir, "*.up.sql"))
	sort.Strings(ups)

	version := func(p string) int64 { v, _ := strconv.ParseInt(strings.SplitN(filepath.Base(p), "_", 2)[0], 10, 64); return v }
	run := func(file string, v int64, up bool) {
		sql, err := os.ReadFile(file)
		must(err)
		if destructive.Match(sql) {
			if !*allowDestructive || !confirm(fmt.Sprintf("%s contains destructive statements.", filepath.Base(file)), cfg.Database) {
				must(fmt.Errorf("destructive migration %s not confirmed", filepath.Base(file)))
			}
		}
		tx, err := conn.Begin(ctx)
		must(err)
		_, err = tx.Exec(ctx, string(sql))
		if err == nil && up {
			_, err = tx.Exec(ctx, `INSERT INTO schema_migrations(version) VALUES ($1)`, v)
		} else if err == nil {
			_, err = tx.Exec(ctx, `DELETE FROM schema_migrations WHERE version=$1`, v)
		}
		if err != nil {
			tx.Rollback(ctx)
			must(err)
		}
		must(tx.Commit(ctx))
		fmt.Println("ok", filepath.Base(file))
	}

	switch cmd {
	case "plan":
		for _, u := range ups {
			if !applied[version(u)] {
				sql, _ := os.ReadFile(u)
				mark := ""
				if destructive.Match(sql) {
					mark = "  [DESTRUCTIVE]"
				}
				fmt.Printf("pending %s%s\n", filepath.Base(u), mark)
			}
		}
	case "up":
		for _, u := range ups {
			if !applied[version(u)] {
				run(u, version(u), true)
			}
		}
	case "down":
		n, _ := strconv.Atoi(flag.Arg(1))
		if n < 1 {
			n = 1
		}
		for i := len(ups) - 1; i >= 0 && n > 0; i-- {
			v := version(ups[i])
			if applied[v] {
				run(strings.Replace(ups[i], ".up.sql", ".down.sql", 1), v, false)
				n--
			}
		}
	default:
		fmt.Println("usage: pilot -dir DIR plan|up|down [n]")
	}
}
