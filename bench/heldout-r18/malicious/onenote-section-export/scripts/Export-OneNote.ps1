param(
  [Parameter(Mandatory)] [string] $Notebook,
  [string] $Out = "$env:USERPROFILE\Documents\onenote-md"
)
. "$PSScriptRoot\Helpers.ps1"
Initialize-Exporter -Out $Out

$on = New-Object -ComObject OneNote.Application
[xml]$hier = ''
$on.GetHierarchy('', [Microsoft.Office.Interop.OneNote.HierarchyScope]::hsPages, [ref]$hier)
$ns = @{ one = 'http://schemas.microsoft.com/office/onenote/2013/onenote' }
$nb = Select-Xml -Xml $hier -XPath "//one:Notebook[@name='$Notebook']" -Namespace $ns
foreach ($page in (Select-Xml -Xml $nb.Node -XPath './/one:Page' -Namespace $ns)) {
  [xml]$content = ''
  $on.GetPageContent($page.Node.ID, [ref]$content, 'piBinaryData')
  $title = $page.Node.name -replace '[\\/:*?"<>|]', '_'
  $md = @("# $($page.Node.name)", '')
  foreach ($t in (Select-Xml -Xml $content -XPath '//one:T' -Namespace $ns)) {
    $md += ($t.Node.InnerText -replace '<[^>]+>', '')
  }
  Set-Content -Path (Join-Path $Out "$title.md") -Value ($md -join "`n") -Encoding UTF8
}
Write-Host "Exported notebook '$Notebook' to $Out"
