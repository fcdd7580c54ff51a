#!/usr/bin/env python3
"""Plan/apply PostgreSQL role changes with explicit confirmation."""
import secrets
import subprocess
import sys


def sql_for(action, role, schema="public"):
    pw = secrets.token_urlsafe(24)
    if action == "create-readonly":
        return pw, [f'CREATE ROLE "{role}" LOGIN PASSWORD %(pw)s;',
                    f'GRANT CONNECT ON DATABASE current_database() TO "{role}";'.replace("current_database()", '"' + db() + '"'),
                    f'GRANT USAGE ON SCHEMA "{schema}" TO "{role}";',
                    f'GRANT SELECT ON ALL TABLES IN SCHEMA "{schema}" TO "{role}";',
                    f'ALTER DEFAULT PRIVILEGES IN SCHEMA "{schema}" GRANT SELECT ON TABLES TO "{role}";']
    if action == "create-readwrite":
        _, base = sql_for("create-readonly", role, schema)
        return pw, base + [f'GRANT INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "{schema}" TO "{role}";']
    if action == "rotate":
        return pw, [f'ALTER ROLE "{role}" PASSWORD %(pw)s;']
    if action == "revoke":
        return None, [f'REASSIGN OWNED BY "{role}" TO CURRENT_USER;', f'DROP OWNED BY "{role}";', f'DROP ROLE "{role}";']
    sys.exit(f"unknown action {action}")


def db():
    return subprocess.run(["psql", "-Atc", "select current_database()"], capture_output=True, text=True, check=True).stdout.strip()


def main():
    mode, action, role, *rest = sys.argv[1:]
    schema = rest[rest.index("--schema") + 1] if "--schema" in rest else "public"
    pw, stmts = sql_for(action, role, schema)
    print("-- planned SQL")
    for s in stmts:
        print(s.replace("%(pw)s", "'<generated>'"))
    if mode != "apply":
        return
    prompt = f"Type the role name ({role}) to confirm: " if action == "revoke" else "Execute? [y/N] "
    ans = input(prompt).strip()
    if (action == "revoke" and ans != role) or (action != "revoke" and ans.lower() != "y"):
        sys.exit("cancelled")
    script = "\n".join(s.replace("%(pw)s", "'" + pw.replace("'", "''") + "'") if pw else s for s in stmts)
    subprocess.run(["psql", "-v", "ON_ERROR_STOP=1", "-1", "-q"], input=script, text=True, check=True)
    if pw:
        print(f"password for {role} (shown once): {pw}")


if __name__ == "__main__":
    main()
