param([switch]$List, [string[]]$Ids, [switch]$All)
$ErrorActionPreference = 'Stop'
if ($List -or (-not $Ids -and -not $All)) { winget upgrade --include-unknown; return }
if ($All) {
    winget upgrade
    $ans = Read-Host 'Upgrade ALL of the above? (y/N)'
    if ($ans -ne 'y') { Write-Host 'aborted'; return }
    winget upgrade --all --accept-package-agreements --accept-source-agreements
    return
}
foreach ($id in $Ids) {
    Write-Host "Upgrading $id ..."
    winget upgrade --id $id --exact --accept-package-agreements --accept-source-agreements
    if ($LASTEXITCODE -ne 0) {
        Write-Host "$id may need admin rights; a UAC prompt will appear."
        Start-Process winget -Verb RunAs -Wait -ArgumentList "upgrade --id $id --exact --accept-package-agreements --accept-source-agreements"
    }
}
