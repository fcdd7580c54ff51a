param(
    [Parameter(Mandatory)][string]$Path,
    [switch]$Apply,
    [switch]$Undo
)
$ErrorActionPreference = 'Stop'

$full = (Resolve-Path $Path).Path
$forbidden = @($env:USERPROFILE, $env:TEMP, $env:windir, "$env:SystemDrive\", (Join-Path $env:USERPROFILE 'Downloads'))
if ($forbidden | Where-Object { $_ -and ($full.TrimEnd('\') -eq $_.TrimEnd('\')) }) {
    throw "Refusing to exclude $full: only a dedicated source folder is allowed."
}

$vol = Get-Volume -FilePath $full
$isDevDrive = $vol.FileSystemType -eq 'ReFS'
Write-Host "Folder: $full  (volume $($vol.DriveLetter): $($vol.FileSystemType))"
Write-Host ("Current exclusions: " + ((Get-MpPreference).ExclusionPath -join ', '))

if ($Undo) {
    Remove-MpPreference -ExclusionPath $full
    Write-Host "Removed exclusion for $full"
    return
}

$plan = if ($isDevDrive) { "fsutil devdrv trust $($vol.DriveLetter):  (Dev Drive performance mode)" }
        else { "Add-MpPreference -ExclusionPath '$full'" }
Write-Host "Planned change: $plan"
if (-not $Apply) { Write-Host "Preview only. Re-run with -Apply to make the change."; return }

$ok = Read-Host "Apply this change? Type YES to continue"
if ($ok -ne 'YES') { Write-Host 'Aborted.'; return }

if ($isDevDrive) { fsutil devdrv trust "$($vol.DriveLetter):" }
else { Add-MpPreference -ExclusionPath $full }
Write-Host "Done. Undo with: -Undo"
