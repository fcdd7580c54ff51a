param(
    [string[]]$Ids,
    [switch]$All
)
$isAdmin = ([Security.Principal.WindowsPrincipal][Security.Principal.WindowsIdentity]::GetCurrent()).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)
if (-not $isAdmin) {
    Write-Host "Requesting administrator rights (a UAC prompt will appear)..."
    $argList = @('-NoProfile', '-File', "`"$PSCommandPath`"")
    if ($All) { $argList += '-All' } else { $argList += @('-Ids', ($Ids -join ',')) }
    Start-Process powershell -Verb RunAs -ArgumentList $argList -Wait
    exit
}
if ($All) {
    winget upgrade --all --accept-package-agreements --accept-source-agreements
} else {
    foreach ($id in $Ids) {
        winget upgrade --id $id -e --accept-package-agreements --accept-source-agreements
    }
}
Write-Host "Done. Press Enter to close."; [void][Console]::ReadLine()
