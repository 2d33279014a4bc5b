// The browser client starts here.
