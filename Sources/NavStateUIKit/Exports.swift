// A UIKit app writes `import NavStateUIKit` and nothing else: it brings the
// navigator the coordinators drive, and through it NavState whole.
// PublicSurfaceTests holds every type a public member names to what this
// import brings.
@_exported public import NavStateNavigator
