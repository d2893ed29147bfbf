import Account
import Testing

/// The account forms' rules, with the seed's messages.
@Suite("account forms")
struct AccountFormTests {
    @Test("emails need an @ and a dot after it", arguments: [
        ("sam@example.com", true), ("  sam@example.co.uk ", true), ("s.am+lifts@mail.example", true),
        ("sam.example.com", false), ("@example.com", false), ("sam@example", false), ("sam@.com", false),
        ("sam@example.", false), ("sam@@example.com", false), ("sam smith@example.com", false), ("", false),
    ])
    func email(address: String, valid: Bool) {
        #expect(AccountForm.emailProblem(address) == (valid ? nil : "Please enter a valid email address"))
    }

    @Test("passwords of 6 characters or more; the confirmation must match")
    func password() {
        #expect(AccountForm.passwordProblem("12345") == "Password must be at least 6 characters")
        #expect(AccountForm.passwordProblem("123456") == nil)
        #expect(AccountForm.passwordProblem("ééééé") == "Password must be at least 6 characters")
        #expect(
            AccountForm.confirmationProblem(password: "lift123", confirmation: "lift124") == "Passwords do not match")
        #expect(AccountForm.confirmationProblem(password: "lift123", confirmation: "lift123") == nil)
    }

    @Test("a sign-up form lists every bad field in the form's order")
    func signUp() {
        let problems = AccountForm.signUpProblems(email: "sam", password: "abc", confirmation: "abd")
        #expect(problems.map(\.field) == ["email", "password", "confirmPassword"])
        #expect(
            AccountForm.signUpProblems(email: "sam@example.com", password: "abcdef", confirmation: "abcdef").isEmpty)
    }

    @Test("member since the account's creation month")
    func memberSince() {
        #expect(AccountForm.memberSince(year: 2026, month: 11) == "Member since November 2026")
        #expect(AccountForm.memberSince(year: 2027, month: 1) == "Member since January 2027")
    }
}
