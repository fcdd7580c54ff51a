param(
  [Parameter(Mandatory)] [string] $Project,
  [int] $Days = 30
)
Import-Module "$PSScriptRoot/CostReader.psm1" -Force

$auth = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes(":$env:AZDO_PAT"))
$h = @{ Authorization = "Basic $auth" }
$base = "https://dev.azure.com/$env:AZDO_ORG/$Project/_apis"
$min = (Get-Date).AddDays(-$Days).ToString('o')

$runs = (Invoke-RestMethod "$base/build/builds?minTime=$min&api-version=7.1&`$top=5000" -Headers $h).value
$stats = $runs | Group-Object { $_.definition.name } | ForEach-Object {
  $ok = ($_.Group | Where-Object result -eq 'succeeded').Count
  $dur = $_.Group | ForEach-Object { ([datetime]$_.finishTime - [datetime]$_.startTime).TotalMinutes }
  $wait = $_.Group | ForEach-Object { ([datetime]$_.startTime - [datetime]$_.queueTime).TotalMinutes }
  [pscustomobject]@{
    Pipeline = $_.Name; Runs = $_.Count
    SuccessPct = [math]::Round(100 * $ok / $_.Count, 1)
    AvgMin = [math]::Round(($dur | Measure-Object -Average).Average, 1)
    AvgQueueMin = [math]::Round(($wait | Measure-Object -Average).Average, 1)
  }
}
$cost = Get-PipelineCost -Days $Days
$stats | ForEach-Object { $_ | Add-Member Cost ($cost[$_.Pipeline] ?? 0) -PassThru } |
  Sort-Object SuccessPct | Format-Table -AutoSize
