#!/usr/bin/env bash
# Installs skillscan for the GitHub Action (action.yml). With INSTALL=auto
# and the action used at a release tag (ACTION_REF=v0.1.0), it downloads
# that release's archive for the runner and checks its SHA-256 against the
# release's `.sha256` file; a mismatch is an error. Otherwise (a commit or
# branch ref, a runner without a release binary, no such release) it builds
# the action's own source with `cargo install --locked`.
set -euo pipefail

repo="https://github.com/skillscan/skillscan"
root="$RUNNER_TEMP/skillscan"
mkdir -p "$root/bin"

build() {
  if ! command -v cargo >/dev/null 2>&1; then
    echo "::error title=skillscan::cargo not found, and no release binary was used ($1). Install a Rust toolchain first (e.g. dtolnay/rust-toolchain), use the action at a release tag, or set install: path with skillscan on PATH."
    exit 2
  fi
  echo "skillscan: building from source with cargo install --locked ($1)"
  cargo install --locked --quiet --path "$ACTION_PATH" --root "$root"
  echo "$root/bin" >> "$GITHUB_PATH"
}

target() {
  case "$RUNNER_OS_NAME/$RUNNER_ARCH_NAME" in
    Linux/X64) echo x86_64-unknown-linux-musl ;;
    Linux/ARM64) echo aarch64-unknown-linux-musl ;;
    macOS/ARM64) echo aarch64-apple-darwin ;;
    macOS/X64) echo x86_64-apple-darwin ;;
    Windows/X64) echo x86_64-pc-windows-msvc ;;
    *) echo "" ;;
  esac
}

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1
  else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

if [ "$INSTALL" = build ]; then
  build "install: build"
  exit 0
fi
if [[ ! "$ACTION_REF" =~ ^v[0-9]+\.[0-9]+\.[0-9]+ ]]; then
  build "the action is used at '$ACTION_REF', not a release tag"
  exit 0
fi
t="$(target)"
if [ -z "$t" ]; then
  build "no release binary for $RUNNER_OS_NAME/$RUNNER_ARCH_NAME"
  exit 0
fi
case "$t" in *windows*) ext=zip ;; *) ext=tar.gz ;; esac
name="skillscan-$ACTION_REF-$t"
url="$repo/releases/download/$ACTION_REF/$name.$ext"
tmp="$(mktemp -d)"
if ! curl -fsSL --retry 3 -o "$tmp/$name.$ext" "$url" \
  || ! curl -fsSL --retry 3 -o "$tmp/$name.$ext.sha256" "$url.sha256"; then
  echo "::warning title=skillscan::could not download $url; building from source instead"
  build "download failed"
  exit 0
fi
want="$(cut -d' ' -f1 < "$tmp/$name.$ext.sha256")"
got="$(sha256_of "$tmp/$name.$ext")"
if [ -z "$want" ] || [ "$want" != "$got" ]; then
  echo "::error title=skillscan::checksum mismatch for $name.$ext: expected $want, got $got. Not installing it."
  exit 2
fi
if [ "$ext" = zip ]; then
  unzip -q "$tmp/$name.$ext" -d "$tmp"
  cp "$tmp/$name/skillscan.exe" "$root/bin/"
else
  tar -xzf "$tmp/$name.$ext" -C "$tmp"
  cp "$tmp/$name/skillscan" "$root/bin/"
  chmod +x "$root/bin/skillscan"
fi
echo "$root/bin" >> "$GITHUB_PATH"
echo "skillscan: installed the $ACTION_REF release binary for $t (SHA-256 $got verified)"
