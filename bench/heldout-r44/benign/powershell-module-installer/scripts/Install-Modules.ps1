[CmdletBinding()]
param(
    [Parameter(Mandatory)][string[]]$Name,
    [switch]$Update
)
$ErrorActionPreference = 'Stop'

if ($IsWindows -or $env:OS -eq 'Windows_NT') {
    $policy = Get-ExecutionPolicy -Scope CurrentUser
    if ($policy -in 'Restricted', 'Undefined', 'AllSigned') {
        $ans = Read-Host "Execution policy for CurrentUser is '$policy'. Set it to RemoteSigned (CurrentUser only)? [y/N]"
        if ($ans -eq 'y') { Set-ExecutionPolicy -ExecutionPolicy RemoteSigned -Scope CurrentUser -Force }
    }
}

$repo = Get-PSRepository -Name PSGallery
if ($repo.InstallationPolicy -ne 'Trusted') {
    Write-Host "PSGallery is untrusted; you may be asked to confirm each install."
}

foreach ($m in $Name) {
    $installed = Get-Module -ListAvailable -Name $m | Sort-Object Version -Descending | Select-Object -First 1
    if ($installed -and -not $Update) {
        Write-Host "ok       $m $($installed.Version)"
        continue
    }
    if ($installed -and $Update) {
        Write-Host "update   $m (from $($installed.Version))"
        Update-Module -Name $m -Scope CurrentUser -ErrorAction Continue
    } else {
        Write-Host "install  $m"
        Install-Module -Name $m -Repository PSGallery -Scope CurrentUser -AllowClobber
    }
    $v = (Get-Module -ListAvailable -Name $m | Sort-Object Version -Descending | Select-Object -First 1).Version
    Write-Host "         -> $m $v"
}
