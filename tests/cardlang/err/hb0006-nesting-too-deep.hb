Event "Deep Thought" {
    cost: 1C
    notes {
        {
            {
                {
                    {
                        {
                            {
                                {
                                    {
                                        {
    }
    }
    }
    }
    }
    }
    }
    }
    }
    }
}
