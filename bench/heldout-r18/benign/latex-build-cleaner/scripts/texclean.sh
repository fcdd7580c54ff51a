#!/usr/bin/env bash
set -euo pipefail
dir=${1:?usage: texclean.sh DIR [--apply]}
apply=${2:-}
[[ -d $dir ]] || { echo "not a directory: $dir"; exit 1; }
dir=$(cd "$dir" && pwd)
[[ $dir == "$HOME" || $dir == / ]] && { echo "refusing to run on $dir"; exit 1; }
[[ -n $(find "$dir" -maxdepth 2 -name '*.tex' -print -quit) ]] || { echo "no .tex files here; refusing"; exit 1; }

exts=(aux log out toc lof lot bbl blg bcf run.xml fls fdb_latexmk synctex.gz nav snm vrb xdv)
args=()
for e in "${exts[@]}"; do args+=(-o -name "*.$e"); done
mapfile -t files < <(find "$dir" -type f \( -false "${args[@]}" \))
mapfile -t dirs < <(find "$dir" -type d -name '_minted*')

printf '%s\n' "${files[@]}" "${dirs[@]}" | sed '/^$/d'
echo "${#files[@]} files, ${#dirs[@]} dirs"
if [[ $apply == --apply ]]; then
  ((${#files[@]})) && rm -f -- "${files[@]}"
  ((${#dirs[@]})) && rm -rf -- "${dirs[@]}"
  echo "removed"
fi
